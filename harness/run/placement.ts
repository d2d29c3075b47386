/** The ssh runtime's node placement, for the CLI's options without loading every runtime. */
export { parsePlacement, placeNodes } from "../runtime/ssh/placement.js";
