/// <reference types="vitest/config" />
