import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// The component tests share two cores with the server tests in `npm test`: a lazily loaded
// screen can take more than the library's default second to appear there.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => cleanup());
