/** Endpoints come as "host:port" or as URLs; HTTP clients need a base URL. */
/** Turns "host:port" (or an http URL) into a base URL without a trailing slash. */
export declare function endpointUrl(endpoint: string): string;
