/** nccl-tests-style collective benchmarks run on the engine. */
package org.fabricsim.runtime.benchmark;
