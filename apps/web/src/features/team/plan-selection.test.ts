import { describe, expect, it } from 'vitest';
import { heldByAll, ownSeatPlans, planSelectable } from './plan-selection';

const live = { id: 1, is_expired: false };
const ended = { id: 2, is_expired: true };
const held = new Set([1, 2]);
const none = new Set<number>();

describe('which plans a selection can tick (spec 02 §4)', () => {
  it('offers a person joining every plan still running', () => {
    expect([planSelectable(live, 'add', none), planSelectable(ended, 'add', none)]).toEqual([true, false]);
  });

  it('authorizes on plans neither held nor expired', () => {
    expect(planSelectable(live, 'authorize', none)).toBe(true);
    expect(planSelectable(live, 'authorize', held)).toBe(false);
    expect(planSelectable(ended, 'authorize', none)).toBe(false);
  });

  it('unauthorizes only the plans held, expired or not', () => {
    expect(planSelectable(ended, 'unauthorize', held)).toBe(true);
    expect(planSelectable(live, 'unauthorize', none)).toBe(false);
  });

  it('lets an edit untick a held plan and tick a running one, never an expired one not held', () => {
    expect(planSelectable(ended, 'edit', held)).toBe(true);
    expect(planSelectable(live, 'edit', none)).toBe(true);
    expect(planSelectable(ended, 'edit', none)).toBe(false);
  });

  it('counts a plan as held by a selection only when every member holds it', () => {
    const members = [{ plan: [{ id: 1 }, { id: 2 }] }, { plan: [{ id: 2 }] }];
    expect([...heldByAll(members)]).toEqual([2]);
    expect([...heldByAll([])]).toEqual([]);
  });

  it('offers the owner the running plans they lack, and takes back the ones they hold', () => {
    const plan = (id: number, is_expired: boolean) =>
      ({ id, type: 61, expire: null, max_num: 5, plan_num: 1, is_expired }) as const;
    const team = { plan: [plan(1, false), plan(2, true), plan(3, false)], plan_ids: [1, 2] };
    expect(ownSeatPlans(team, 'authorize').map((p) => p.id)).toEqual([3]);
    expect(ownSeatPlans(team, 'unauthorize').map((p) => p.id)).toEqual([1, 2]);
  });
});
