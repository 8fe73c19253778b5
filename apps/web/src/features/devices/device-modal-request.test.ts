import { describe, expect, it } from 'vitest';
import { buildProduct, deviceModalProduct } from './device-modal-request';

const browser = { from: null, tend: null };

describe('the product of a loginShowDeviceModal message', () => {
  it('is none without the message', () => {
    expect(deviceModalProduct(null, browser)).toBeNull();
    expect(deviceModalProduct({ other: true }, browser)).toBeNull();
  });

  it('is the product the host names', () => {
    expect(deviceModalProduct({ loginShowDeviceModal: { product: 'project' } }, browser)).toBe('project');
  });

  it('is the product of the refused activation’s devices', () => {
    const devices = [{ device_id: 'a', product: 'mind-map' }];
    expect(deviceModalProduct({ loginShowDeviceModal: { devices } }, browser)).toBe('mind-map');
  });

  it('is the client’s own product when the message says nothing usable', () => {
    expect(deviceModalProduct({ loginShowDeviceModal: { product: 'chess' } }, { from: 'projectPC', tend: null })).toBe(
      'project',
    );
    expect(deviceModalProduct({ loginShowDeviceModal: {} }, { from: null, tend: 'mindmaster' })).toBe('mind-map');
    expect(deviceModalProduct({ loginShowDeviceModal: {} }, browser)).toBe('diagram');
  });
});

describe('the product of a build', () => {
  it('follows the desktop client before tend', () => {
    expect(buildProduct({ from: 'maxPC', tend: 'project' })).toBe('diagram');
    expect(buildProduct({ from: 'otherPC', tend: null })).toBeNull();
  });
});
