import { createContext, useContext } from 'react';

/**
 * True when the billing parameters are shown to someone who may not change them (a viewer):
 * the cards show their values in disabled fields, without add, delete or save controls.
 */
export const BillingReadOnly = createContext(false);

export const useBillingReadOnly = () => useContext(BillingReadOnly);
