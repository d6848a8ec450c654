import "@mantine/notifications/styles.css";
import { Notifications } from "@mantine/notifications";

/**
 * Where the notifications show: loaded apart from the entry (providers.tsx), since no page
 * needs it to paint; `notifications.show` before it mounts is kept in the store and shown then.
 */
export default function Notificaciones() {
  return <Notifications position="top-center" limit={4} />;
}
