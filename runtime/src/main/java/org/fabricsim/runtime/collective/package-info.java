/** Collective algorithms and their timing. */
package org.fabricsim.runtime.collective;
