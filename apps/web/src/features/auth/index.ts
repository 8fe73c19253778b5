export { SignInScreen, type SignInScreenProps } from './SignInScreen';
export {
  type AuthView,
  type SignInPromptState,
  closeSignIn,
  getSignInPrompt,
  openSignIn,
  useSignInPrompt,
} from './sign-in-prompt';
