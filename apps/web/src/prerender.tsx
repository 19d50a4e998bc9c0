import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { CAUSES } from '@shared/causes';
import { App } from './app/app';

/** The pages rendered at build time: the content pages visitors land on from links and search engines. */
export const PRERENDERED_PATHS = ['/', '/about', ...CAUSES.map((cause) => `/causes/${cause.id}`)];

/**
 * Build-time rendering of a public page's HTML (scripts/lib/prerender-pages.mjs), so a phone on a slow link sees
 * the page, and requests its images, before the JavaScript arrives. Waits for lazy pages to resolve.
 */
export async function prerender(url: string): Promise<string> {
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <StaticRouter location={url}>
        <App />
      </StaticRouter>
    </StrictMode>,
    // React outlines large Suspense boundaries behind inline reveal scripts, which the CSP forbids: keep all inline.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks).toString('utf8');
}
