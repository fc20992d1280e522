// A page follows the rooms of what it shows while it is on screen (rooms.group(5), ...). The list may
// change (a profile's group becomes known): rooms no longer listed are left, new ones joined.
import { useContext, useEffect } from 'react';
import { RealtimeContext } from './realtime-context';

export function useLiveRooms(rooms: readonly string[]): void {
  const realtime = useContext(RealtimeContext);
  const key = [...new Set(rooms)].sort().join('|');
  useEffect(() => {
    if (!realtime || !key) return;
    return realtime.retain(key.split('|'));
  }, [realtime, key]);
}
