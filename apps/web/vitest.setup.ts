import { configure } from '@testing-library/react';

// Screens, dialogs, editors and sections are lazy chunks, which the test runner transforms on first
// import: on a busy machine that can take longer than the library's default second, so a
// `findBy…` waits up to 5 s before it fails.
configure({ asyncUtilTimeout: 5000 });
