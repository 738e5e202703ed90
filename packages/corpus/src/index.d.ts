/** Folder holding twitter.json, citm_catalog.json, canada.json and jsonchecker/ (nativejson-benchmark, MIT). */
export declare const corpusDir: string;
export declare const corpusDocuments: readonly ["twitter.json", "citm_catalog.json", "canada.json"];
export type CorpusDocument = (typeof corpusDocuments)[number];
export declare function corpusPath(name: CorpusDocument): string;
export declare function readCorpus(name: CorpusDocument): string;
/** JSON_checker cases; `*_EXCLUDE.json` are valid under RFC 8259 and are not rejection cases. */
export declare function jsonCheckerCases(): { name: string; path: string; valid: boolean }[];
