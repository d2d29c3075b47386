/** What a power loss may have done to the writes storage recorded as accepted. */
export * from "./rolled-back.js";
