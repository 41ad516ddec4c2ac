/** The users feature: the service's users, for service admins. */
export { UsersScreen } from './users-screen.tsx';
