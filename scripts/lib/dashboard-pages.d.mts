export const CSP_SCRIPT_HASHES_FILE: string;
export function writeDashboardPages(webDir: string): Promise<void>;
export function bundleListPrefetch(): string;
