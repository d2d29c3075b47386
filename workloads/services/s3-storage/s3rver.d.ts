/** The part of @20minutes/s3rver@4's (untyped) API the S3 storage node uses. */
declare module "@20minutes/s3rver" {
  interface S3rverOptions {
    readonly address?: string;
    readonly port?: number;
    readonly silent?: boolean;
    readonly directory: string;
    readonly configureBuckets?: readonly { readonly name: string }[];
  }
  class S3rver {
    constructor(options: S3rverOptions);
    run(): Promise<{ readonly address: string; readonly port: number }>;
    close(): Promise<void>;
  }
  export default S3rver;
}
