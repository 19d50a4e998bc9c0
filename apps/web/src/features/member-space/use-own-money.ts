import type { OwnMoneyItem } from '@shared/schemas/donation';
import { useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';

/** The payments and donations made while logged in, with their receipts (GET /api/profile/money). */
export const useOwnMoney = () => useQuery({ queryKey: ['profile', 'money'], queryFn: () => api.get<OwnMoneyItem[]>('/profile/money') });
