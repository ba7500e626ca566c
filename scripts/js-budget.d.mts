/** Types of js-budget.mjs, for the benchmarks. */
export declare const HOME_JS_BUDGET_BYTES: number;
export interface ScriptSize {
  path: string;
  bytes: number;
  gzip: number;
}
export declare function routeScripts(clientDir: string, routeId: string): ScriptSize[];
export declare function formatKb(bytes: number): string;
export declare function checkHomeJsBudget(
  clientDir: string,
  budget?: number,
): { ok: boolean; total: number; budget: number; scripts: ScriptSize[]; report: string };
