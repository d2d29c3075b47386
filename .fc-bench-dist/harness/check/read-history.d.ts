import { type HistoryFormat, type ParsedHistory } from "../../checkers/index.js";
/** Reads and parses `path`; `format` undefined means detect it. */
export declare function readHistoryFile(path: string, format?: HistoryFormat): ParsedHistory;
