/** The comparison screens' chunk (issue 14). */
export { ComparisonScreen } from './comparison-screen.tsx';
