export const CSP_SCRIPT_HASHES_FILE: string;
export const EARLY_SCRIPT_MAX_BYTES: number;
export function writeDashboardPages(webDir: string): Promise<void>;
export function bundleListPrefetch(): string;
