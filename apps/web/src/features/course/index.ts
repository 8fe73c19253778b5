export { CourseScreen } from './CourseScreen';
