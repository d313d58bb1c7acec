import { createApiClient } from '@shop/web-api';

export { ApiError, apiUrl, errorMessage, type ApiUrl } from '@shop/web-api';

/**
 * Same-origin JSON calls to the gateway through the shared client (@shop/web-api): its envelope, its one ApiError,
 * bodies and answers typed from @shop/contracts. Customers are anonymous: no CSRF header, no login page.
 */
export const api = createApiClient();
