export {
  BrowserRouter,
  MemoryRouter,
  NavLink,
  Navigate,
  type NavigateOptions,
  type RouterLocation,
  type To,
  useLocation,
  useNavigate,
  useSearchParams,
} from './router';
