/** The client screens loaded on demand by the router (one chunk). */
export { ClientDetail } from './client-detail.tsx';
export { CreateClient } from './create-client.tsx';
