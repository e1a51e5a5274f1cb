/** The sign-in screens loaded on demand by the router (one chunk). */
export { SignInPage } from './sign-in-page.tsx';
export { WelcomePage } from './welcome-page.tsx';
