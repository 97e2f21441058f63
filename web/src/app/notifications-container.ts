// The lazily loaded half of NotificationsHost: the container and its stylesheet.
import '@mantine/notifications/styles.css';

export { Notifications } from '@mantine/notifications';
