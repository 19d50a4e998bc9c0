import type { Browser, LaunchOptions } from 'playwright-core';

export declare const DEBIAN_CHROMIUM: string;
export declare const CHROMIUM_FLAGS: string[];
export interface FoundChromium {
  executablePath: string;
  args: string[];
  source: 'CHROMIUM_PATH' | 'debian' | 'npm';
}
export declare function findChromium(env?: Record<string, string | undefined>, exists?: (path: string) => boolean): Promise<FoundChromium>;
export declare function launchChromium(options?: LaunchOptions): Promise<Browser>;
