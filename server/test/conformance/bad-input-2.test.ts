import { describeBadInputShard } from './bad-input/suite.ts';

describeBadInputShard(2, 3);
