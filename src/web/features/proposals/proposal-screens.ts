/** The proposal screens and the developer prompts page, loaded on demand by the router (one chunk). */
export { DevPrompts } from '../dev-prompts/dev-prompts.tsx';
export { CarrierProposalDetail } from './carrier-proposal-detail.tsx';
export { ProposalDebug } from './proposal-debug.tsx';
