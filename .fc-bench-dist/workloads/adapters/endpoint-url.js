/** Endpoints come as "host:port" or as URLs; HTTP clients need a base URL. */
/** Turns "host:port" (or an http URL) into a base URL without a trailing slash. */
export function endpointUrl(endpoint) {
    const base = /^https?:\/\//.test(endpoint) ? endpoint : `http://${endpoint}`;
    return base.replace(/\/+$/, "");
}
//# sourceMappingURL=endpoint-url.js.map