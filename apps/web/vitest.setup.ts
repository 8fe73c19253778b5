import { configure } from '@testing-library/react';
import { loadToastStore } from './src/components/toast';

// Screens, dialogs, editors and sections are lazy chunks, which the test runner transforms on first
// import: on a busy machine that can take longer than the library's default second, so a
// `findBy…` waits up to 5 s before it fails.
configure({ asyncUtilTimeout: 5000 });

// The app loads the toast store on first use; loaded up front, a toast is on show (and a spy on
// `notifications.show` called) the moment a test's code shows it.
await loadToastStore();
