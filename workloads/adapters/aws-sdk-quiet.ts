/**
 * Imported before the AWS SDK v2: silences its end-of-support notice, which
 * it prints once per process at load (on every client's and the harness's
 * stderr otherwise). The SDK reads this variable when it loads.
 */
process.env["AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE"] = "1";
