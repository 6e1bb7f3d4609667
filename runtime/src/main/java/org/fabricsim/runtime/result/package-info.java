/** Run results and their renderings: the console table and the JSON result with stable keys. */
package org.fabricsim.runtime.result;
