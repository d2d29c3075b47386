/**
 * What each offline-built image is made of: pure data. The builder copies
 * these host paths into the image at the same paths, with every library
 * `ldd` lists for each ELF file among them.
 */
/** How one image is assembled from the host's installed files. */
export interface ImageSpec {
    /** Short name: the image is tagged `fencecheck/<name>`. */
    readonly name: string;
    /** What runs in it (for `images build --help` and reports). */
    readonly description: string;
    /** Another spec's name this image is layered on; none means `FROM scratch`. */
    readonly base?: string;
    /** Files copied with their libraries; symlinks are followed hop by hop. */
    readonly binaries: readonly string[];
    /** Directories copied whole (ELF files inside bring their libraries). */
    readonly trees?: readonly string[];
    /** Symlinks to create: path -> target. */
    readonly links?: Readonly<Record<string, string>>;
    /** Empty directories to create, with their mode (octal). */
    readonly dirs?: Readonly<Record<string, number>>;
    /** Files whose contents the image gets as is (no libraries). */
    readonly plainFiles?: readonly string[];
    /** A missing input skips the image (with a note) instead of failing the build. */
    readonly optional?: boolean;
}
/** The libfaketime library every image carries for clock faults. */
export declare const FAKETIME_LIBRARY = "/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1";
/** The busybox applets the base image links to /bin/busybox. */
export declare const BUSYBOX_APPLETS: readonly ["sh", "ash", "sleep", "kill", "cat", "ls", "ps", "nc", "mkdir", "rm", "echo", "env", "timeout", "sed", "grep", "id", "hostname", "ip", "tail", "head", "true", "false", "pidof", "chown", "chmod", "which"];
/** The tag every runtime uses for an image: `fencecheck/<name>:local`. */
export declare function localImageTag(name: string): string;
/** The tag that names one exact set of inputs: `fencecheck/<name>:<hash12>`. */
export declare function inputsImageTag(name: string, inputsHash: string): string;
/** The images the offline builder knows, base first. */
export declare function imageSpecs(): readonly ImageSpec[];
