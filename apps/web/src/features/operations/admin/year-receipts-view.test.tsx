import { LIST_MESSAGES } from '@shared/messages';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { YearReceiptsView } from './year-receipts-view';

// A search the server counted up to its cap (X-Total-Count-Capped) says LIST_MESSAGES.cappedTotal, as ListPanel does.

const rendered = (page: { items: unknown[]; total: number; capped?: boolean }) => {
  const client = new QueryClient();
  client.setQueryData(['admin', 'year-receipts', String(new Date().getFullYear()), 1, ''], page);
  return renderToString(
    <QueryClientProvider client={client}>
      <YearReceiptsView />
    </QueryClientProvider>,
  );
};

const donor = { telephone: '+2290197000001', name: 'Awa Zinsou', total: 5000, count: 2 };

describe('the year-end receipts list', () => {
  it('says when its search matched more donors than were counted', () => {
    expect(rendered({ items: [donor], total: 10_000, capped: true })).toContain(LIST_MESSAGES.cappedTotal);
    expect(rendered({ items: [donor], total: 12 })).not.toContain(LIST_MESSAGES.cappedTotal);
  });
});
