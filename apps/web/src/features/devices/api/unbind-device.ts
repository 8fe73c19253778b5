import { type DeviceProduct, deviceRoutes } from '@account-centre/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api';
import { deviceKeys } from './keys';

/**
 * Unbinding a device changes the product's list and the sessions (the device's sessions end),
 * so both are read again; the product's list loses the device at once.
 */
export function useUnbindDevice(userId: number, product: DeviceProduct) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deviceId: string) =>
      apiCall(deviceRoutes[product].unbind, { params: { userId, id: deviceId } }).then((reply) => reply.data),
    onSuccess: (_result, deviceId) => {
      const queryKey = deviceKeys.product(userId, product);
      queryClient.setQueryData<{ data: { device_id: string }[]; count: number }>(queryKey, (list) =>
        list
          ? { ...list, data: list.data.filter((device) => device.device_id !== deviceId), count: list.count - 1 }
          : list,
      );
      void queryClient.invalidateQueries({ queryKey });
      void queryClient.invalidateQueries({ queryKey: deviceKeys.sessions(userId) });
    },
  });
}
