import { configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { takeUnansweredCalls } from './src/testing/api';
import { loadToastStore } from './src/components/toast';

// Screens, dialogs, editors and sections are lazy chunks, which the test runner transforms on first
// import: on a busy machine that can take longer than the library's default second, so a
// `findBy…` waits up to 5 s before it fails.
configure({ asyncUtilTimeout: 5000 });

// The app loads the toast store on first use; loaded up front, a toast is on show (and a spy on
// `notifications.show` called) the moment a test's code shows it.
await loadToastStore();

// A call the test gave no answer for is a failure of the test, named (src/testing/api.ts).
afterEach(() => {
  const unanswered = takeUnansweredCalls();
  if (unanswered.length > 0) {
    throw new Error(`the app called routes the test gave no answer for: ${unanswered.join(', ')}`);
  }
});
