import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { App } from './app/app';

/**
 * Build-time rendering of a public page's HTML (used for "/" by scripts/build.mjs), so a phone on a slow link sees
 * the page, and requests its hero image, before the JavaScript arrives. Waits for lazy pages to resolve.
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
