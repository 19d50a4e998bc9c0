import type { MessageResponse } from '@shared/schemas/api-common';
import type { EventItem, RegistrationInput, RegistrationResponse, Shift, Ticket } from '@shared/schemas/events';
import { api } from '@web/lib/api-client';

// The events area's API calls (public pages, ticket, volunteer space).

export const fetchEvents = () => api.get<EventItem[]>('/events');
export const fetchEvent = (id: string) => api.get<EventItem>(`/events/${encodeURIComponent(id)}`);
/** A signed-in member's token goes with it (member price); a visitor registers without one. */
export const registerToEvent = (id: number, body: RegistrationInput) => api.post<RegistrationResponse>(`/events/${id}/registrations`, body);
export const fetchTicket = (token: string) => api.get<Ticket>(`/registrations/by-token/${encodeURIComponent(token)}`, { token: null });
export const cancelTicket = (token: string) =>
  api.delete<MessageResponse>(`/registrations/by-token/${encodeURIComponent(token)}`, { token: null });
export const payTicket = (token: string) =>
  api.post<{ checkout_url: string }>(`/registrations/by-token/${encodeURIComponent(token)}/checkout`, undefined, { token: null });

/** The volunteer's own bearer token (the SMS code login), kept apart from an account's session. */
export const VOLUNTEER_TOKEN_KEY = 'benevole_token';
export const volunteerToken = (): string | null => {
  try {
    return localStorage.getItem(VOLUNTEER_TOKEN_KEY);
  } catch {
    return null;
  }
};

export const requestVolunteerCode = (telephone: string) =>
  api.post<MessageResponse>('/volunteers/login/code/request', { telephone }, { token: null });
export const loginVolunteer = (telephone: string, code: string) =>
  api.post<{ token: string }>('/volunteers/login/code', { telephone, code }, { token: null });
export const fetchMyShifts = (token: string) => api.get<Shift[]>('/volunteers/me/shifts', { token });
export const takeShift = (token: string, id: number) => api.post<MessageResponse>(`/shifts/${id}/signups`, undefined, { token });
export const leaveShift = (token: string, id: number) => api.delete<MessageResponse>(`/shifts/${id}/signups/me`, { token });
export const confirmShift = (token: string | null, id: number, link?: { s: string; sig: string }) =>
  api.post<MessageResponse>(`/shifts/${id}/confirm`, link ?? {}, { token });
export const stampShift = (token: string, id: number, what: 'in' | 'out') =>
  api.post<unknown>(`/shifts/${id}/check-${what}`, undefined, { token });
