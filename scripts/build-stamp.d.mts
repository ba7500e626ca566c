/** Types of build-stamp.mjs, shared by the npm scripts and the test helpers. */
export declare function sourceFingerprint(root: string): string;
export declare const STAMP_FILE: string;
export declare function productionBuildIsFresh(root: string): boolean;
