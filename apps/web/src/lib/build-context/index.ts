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
export {
  BuildContextOverride,
  getBuildContext,
  getLaunchParams,
  resetBuildContextForTests,
  useBuildContext,
} from './snapshot';
