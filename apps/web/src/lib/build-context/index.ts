export {
  type BuildContext,
  type HostMode,
  type LaunchParams,
  type Platform,
  type Tend,
  type ThemeChoice,
  readBuildContext,
  readLaunchParams,
  regionRuleFromEnv,
} from './build-context';
export { productOf } from './product-of';
export {
  BuildContextOverride,
  getBuildContext,
  getLaunchParams,
  resetBuildContextForTests,
  useBuildContext,
} from './snapshot';
