// Mantine's toast store on its own, for components/toast.ts to import on first use: importing
// the package itself there would bring every export of it (the container too) into that chunk.
export { notifications } from '@mantine/notifications';
