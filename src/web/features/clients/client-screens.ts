import { changeOnly } from '../../app/change-only.tsx';
import { CreateClient as CreateClientForm } from './create-client.tsx';

/** The client screens loaded on demand by the router (one chunk). */
export { ClientDetail } from './client-detail.tsx';
export const CreateClient = changeOnly(CreateClientForm, '/clients');
