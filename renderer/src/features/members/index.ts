/** The members feature: a workspace's members and their roles. */
export { MembersScreen } from './members-screen.tsx';
