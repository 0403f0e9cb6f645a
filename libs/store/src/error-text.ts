import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';

/** The error text the pages show: `"<status>: <body text>"`, or the status text when the body is empty. */
export function errorText(status: number, body: string, statusText = ''): string {
  return `${status}: ${body || statusText}`;
}

/** An API failure as the sections see it: the HTTP status, the parsed body and the spec's message. */
export interface ApiError {
  status: FetchBaseQueryError['status'];
  data?: unknown;
  message: string;
}

function bodyText(data: unknown): string {
  if (data === undefined || data === null) return '';
  return typeof data === 'string' ? data : JSON.stringify(data);
}

/** Turns an RTK Query fetch error (plus the response, for its status text) into an ApiError. */
export function toApiError(error: FetchBaseQueryError, response?: Response): ApiError {
  const statusText = response?.statusText ?? '';
  switch (error.status) {
    case 'PARSING_ERROR':
      return {
        status: error.originalStatus,
        data: error.data,
        message: errorText(error.originalStatus, error.data, statusText),
      };
    case 'FETCH_ERROR':
    case 'TIMEOUT_ERROR':
    case 'CUSTOM_ERROR':
      return { status: error.status, data: error.data, message: error.error };
    default:
      return {
        status: error.status,
        data: error.data,
        message: errorText(error.status, bodyText(error.data), statusText),
      };
  }
}
