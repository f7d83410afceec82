import { domAnimation } from 'motion/react';

// The page transition's animation features, loaded after the first paint (LazyMotion's async
// features) so most of motion stays out of the code every first load waits for.
export default domAnimation;
