import { describeBadInputShard } from './bad-input/suite.ts';

describeBadInputShard(1, 3);
