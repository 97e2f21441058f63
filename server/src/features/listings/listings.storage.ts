import type { AppContext } from '../../platform/context.ts';
import { createDiskStorage, type Storage } from '../../platform/storage.ts';

/** Where listing media and hosted videos are kept (DATA_DIR/uploads, like app logos). */
export const mediaStorage = (ctx: AppContext): Storage => createDiskStorage(ctx.config.dataDir);
