import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { BrowserRouter, MemoryRouter, NavLink, Navigate, useLocation, useNavigate, useSearchParams } from './router';

function Address() {
  const location = useLocation();
  return <output data-testid="address">{`${location.pathname}${location.search}`}</output>;
}

const address = () => screen.getByTestId('address').textContent;

afterEach(cleanup);

describe('BrowserRouter', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('follows a plain click on a link in place and marks the open page', () => {
    window.history.replaceState(null, '', '/account?lang=de');
    render(
      <BrowserRouter>
        <NavLink to={{ pathname: '/order', search: '?lang=de' }}>Orders</NavLink>
        <Address />
      </BrowserRouter>,
    );
    const link = screen.getByRole('link', { name: 'Orders' });
    expect(link.getAttribute('href')).toBe('/order?lang=de');
    expect(link.getAttribute('aria-current')).toBeNull();

    fireEvent.click(link);
    expect(window.location.pathname + window.location.search).toBe('/order?lang=de');
    expect(address()).toBe('/order?lang=de');
    expect(link.getAttribute('aria-current')).toBe('page');
  });

  it('leaves a modified click (new tab) to the browser', () => {
    window.history.replaceState(null, '', '/account');
    render(
      <BrowserRouter>
        <NavLink to="/order">Orders</NavLink>
        <Address />
      </BrowserRouter>,
    );
    const notPrevented = fireEvent.click(screen.getByRole('link', { name: 'Orders' }), { ctrlKey: true });
    expect(notPrevented).toBe(true);
    expect(address()).toBe('/account');
  });

  it('follows Back and Forward, with the state each navigation carried', () => {
    window.history.replaceState(null, '', '/account');
    const handles: { go?: ReturnType<typeof useNavigate> } = {};
    function Probe() {
      const navigate = useNavigate();
      useEffect(() => {
        handles.go = navigate;
      });
      const { state } = useLocation();
      return <output data-testid="state">{JSON.stringify(state)}</output>;
    }
    render(
      <BrowserRouter>
        <Probe />
        <Address />
      </BrowserRouter>,
    );
    act(() => handles.go?.('/devices', { state: { product: 'max' } }));
    expect(address()).toBe('/devices');
    expect(screen.getByTestId('state').textContent).toBe('{"product":"max"}');

    act(() => {
      window.history.replaceState(null, '', '/account');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    expect(address()).toBe('/account');
    expect(screen.getByTestId('state').textContent).toBe('null');
  });

  it('redirects with Navigate, replacing the entry', () => {
    window.history.replaceState(null, '', '/');
    const before = window.history.length;
    render(
      <BrowserRouter>
        <Navigate to="/account?lang=en" replace />
        <Address />
      </BrowserRouter>,
    );
    expect(address()).toBe('/account?lang=en');
    expect(window.history.length).toBe(before);
  });
});

describe('useSearchParams', () => {
  it('edits the query and keeps the path and the navigation state', () => {
    const handles: { go?: ReturnType<typeof useNavigate>; edit?: ReturnType<typeof useSearchParams>[1] } = {};
    function Probe() {
      const [params, setParams] = useSearchParams();
      const navigate = useNavigate();
      useEffect(() => {
        handles.go = navigate;
        handles.edit = setParams;
      });
      const { state } = useLocation();
      return <output data-testid="probe">{`${params.get('lang') ?? '-'} ${JSON.stringify(state)}`}</output>;
    }
    render(
      <MemoryRouter initialPath="/order?lang=zh&pid=5">
        <Probe />
        <Address />
      </MemoryRouter>,
    );
    act(() => handles.go?.('/order?lang=zh&pid=5', { state: { from: 'menu' } }));
    act(() =>
      handles.edit?.((params) => {
        params.set('lang', 'jp');
        return params;
      }),
    );
    expect(address()).toBe('/order?lang=jp&pid=5');
    expect(screen.getByTestId('probe').textContent).toBe('jp {"from":"menu"}');
  });
});
