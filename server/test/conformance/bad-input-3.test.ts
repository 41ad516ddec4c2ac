import { describeBadInputShard } from './bad-input/suite.ts';

describeBadInputShard(3, 3);
